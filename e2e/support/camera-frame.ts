import { writeFileSync } from "node:fs";
import type { Locator } from "@playwright/test";

/**
 * A still frame for Chromium's fake camera (`--use-file-for-fake-video-capture`), as a Y4M file of
 * one 4:2:0 frame, which Chromium loops: the picture of an SVG in the page (a ticket's QR code),
 * drawn black on white at `size` pixels square, as a camera held over the ticket would see it.
 */
export async function writeCameraFrame(svg: Locator, file: string, size = 480): Promise<void> {
  const luma = await svg.evaluate(async (element, side) => {
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(element))}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = side;
    const context = canvas.getContext("2d")!;
    context.fillStyle = "#fff";
    context.fillRect(0, 0, side, side);
    // A margin around the code, as the label's edge around it.
    context.drawImage(image, side / 8, side / 8, (side * 3) / 4, (side * 3) / 4);
    const { data } = context.getImageData(0, 0, side, side);
    const y: number[] = [];
    for (let i = 0; i < data.length; i += 4)
      y.push(Math.round(0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!));
    return y;
  }, size);
  const chroma = Buffer.alloc((size / 2) * (size / 2) * 2, 128);
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${size} H${size} F10:1 Ip A1:1 C420jpeg\nFRAME\n`, "latin1"),
      Buffer.from(luma),
      chroma,
    ]),
  );
}
