// Where the home page's Contact Us link writes to; set VITE_CONTACT_EMAIL at build time per deployment.
export const contactEmail: string =
  import.meta.env.VITE_CONTACT_EMAIL || "contact@visitorsignin.app";
