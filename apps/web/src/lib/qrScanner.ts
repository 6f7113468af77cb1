/**
 * Reading a QR code from the camera's frames: the browser's own BarcodeDetector where it has one
 * that reads QR codes (Chrome on Android, Safari 17 on iOS), else jsQR, plain JavaScript with no
 * download of its own (no WebAssembly fetched from elsewhere, which a site's server off the
 * Internet could not give), loaded only then.
 */
export type FrameReader = (video: HTMLVideoElement) => Promise<string | undefined>;

interface Detector {
  detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>>;
}
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
};

async function nativeReader(): Promise<FrameReader | undefined> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return undefined;
  const formats = await Native.getSupportedFormats().catch(() => [] as string[]);
  if (!formats.includes("qr_code")) return undefined;
  const detector = new Native({ formats: ["qr_code"] });
  return async (video) => (await detector.detect(video))[0]?.rawValue;
}

async function jsqrReader(): Promise<FrameReader> {
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true })!;
  return (video) => {
    const { videoWidth: width, videoHeight: height } = video;
    if (!width || !height) return Promise.resolve(undefined);
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const image = context.getImageData(0, 0, width, height);
    return Promise.resolve(jsQR(image.data, width, height)?.data);
  };
}

export async function frameReader(): Promise<FrameReader> {
  return (await nativeReader()) ?? (await jsqrReader());
}

/** The visit a ticket's code names: its staff page's address, on any host. */
export function visitIdOfCode(code: string): number | undefined {
  let url: URL;
  try {
    url = new URL(code);
  } catch {
    return undefined;
  }
  const match = /^\/dashboard\/visits\/([1-9]\d{0,9})\/?$/.exec(url.pathname);
  return match ? Number(match[1]) : undefined;
}
