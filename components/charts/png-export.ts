"use client";
// Export the drawn charts as one PNG without a library: each chart's SVG is cloned with the computed styles
// inlined (CSS classes and variables do not travel into an image), serialised, loaded as an image from a
// blob URL (same origin, so the canvas stays readable) and painted under its title on a canvas.

const STYLE_PROPS = ["fill", "fill-opacity", "stroke", "stroke-opacity", "stroke-width", "stroke-dasharray", "opacity", "font-size", "font-family", "font-weight", "text-anchor", "dominant-baseline"];

function inlined(svg: SVGSVGElement): { markup: string; width: number; height: number } {
  const { width, height } = svg.getBoundingClientRect();
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const originals = [svg, ...svg.querySelectorAll("*")];
  const copies = [clone, ...clone.querySelectorAll("*")];
  originals.forEach((el, i) => {
    const computed = getComputedStyle(el);
    const style = (copies[i] as SVGElement).style;
    for (const prop of STYLE_PROPS) style.setProperty(prop, computed.getPropertyValue(prop));
  });
  clone.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  clone.setAttribute("width", String(width));
  clone.setAttribute("height", String(height));
  return { markup: new XMLSerializer().serializeToString(clone), width, height };
}

function loadImage(markup: string): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(new Blob([markup], { type: "image/svg+xml;charset=utf-8" }));
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error("the chart could not be drawn as an image"));
    };
    img.src = url;
  });
}

/** Paints every `[data-curve-chart]` figure under `root` into one PNG and downloads it as `fileName`. */
export async function downloadChartsPng(root: HTMLElement, title: string, fileName: string): Promise<number> {
  const charts = [...root.querySelectorAll<HTMLElement>("[data-curve-chart]")]
    .map((figure) => ({ title: figure.dataset.title ?? "", svg: figure.querySelector<SVGSVGElement>("svg.recharts-surface") }))
    .filter((c): c is { title: string; svg: SVGSVGElement } => c.svg !== null);
  if (charts.length === 0) throw new Error("there is no chart to export");
  const parts = await Promise.all(charts.map(async (c) => {
    const part = inlined(c.svg);
    return { title: c.title, ...part, image: await loadImage(part.markup) };
  }));
  const page = getComputedStyle(root);
  const background = getComputedStyle(document.body).backgroundColor || "#ffffff";
  const pad = 16;
  const titleHeight = 22;
  const width = Math.ceil(Math.max(...parts.map((p) => p.width)) + 2 * pad);
  const height = Math.ceil(pad + titleHeight + parts.reduce((sum, p) => sum + titleHeight + p.height + pad, 0));
  const scale = window.devicePixelRatio > 1 ? 2 : 1;
  const canvas = document.createElement("canvas");
  canvas.width = width * scale;
  canvas.height = height * scale;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("this browser cannot draw on a canvas");
  ctx.scale(scale, scale);
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = page.color || "#1b1f24";
  ctx.font = `600 15px ${page.fontFamily}`;
  ctx.fillText(title, pad, pad + 14);
  let y = pad + titleHeight;
  ctx.font = `600 13px ${page.fontFamily}`;
  for (const p of parts) {
    ctx.fillText(p.title, pad, y + 15);
    y += titleHeight;
    ctx.drawImage(p.image, pad, y, p.width, p.height);
    y += p.height + pad;
  }
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
  if (!blob) throw new Error("the image could not be encoded");
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return blob.size;
}
