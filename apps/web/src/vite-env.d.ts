/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The home page's Contact Us address. */
  readonly VITE_CONTACT_EMAIL?: string;
}
