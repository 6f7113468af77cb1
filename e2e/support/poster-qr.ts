import type { Page } from "@playwright/test";
import jsQR from "jsqr";

/** The QR code of the poster's page, drawn on a canvas in the page and decoded here. */
export async function decodePosterQr(poster: Page): Promise<string | undefined> {
  const { width, height, pixels } = await poster.evaluate(async () => {
    const svg = document.querySelector(".qr svg")!;
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.outerHTML)}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 400;
    const context = canvas.getContext("2d")!;
    context.fillStyle = "#fff";
    context.fillRect(0, 0, 400, 400);
    context.drawImage(image, 0, 0, 400, 400);
    return { width: 400, height: 400, pixels: [...context.getImageData(0, 0, 400, 400).data] };
  });
  return jsQR(Uint8ClampedArray.from(pixels), width, height)?.data;
}
