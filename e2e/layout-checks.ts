// The two layout rules of issue 18 ("layouts that fit"), measured in the page: nothing wider than the window
// unless it sits in its own scroll container, and no table cell narrower than the shortest word it holds (a
// crushed column wraps a task key letter by letter; a word ends where the browser may break: at spaces and after
// hyphens). Returns one line per offence, empty when the page fits.
import type { Page } from "@playwright/test";

export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const viewport = document.documentElement.clientWidth;
    const describe = (el: Element): string => {
      const id = el.id ? `#${el.id}` : "";
      const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 2).join(".")}` : "";
      const label = el.getAttribute("aria-label") ?? (el.textContent ?? "").trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id}${cls}> "${label}"`;
    };
    const clipsX = (el: Element) => ["auto", "scroll", "hidden", "clip"].includes(getComputedStyle(el).overflowX);
    const hiddenByDesign = (el: Element) => el.closest(".visually-hidden, [hidden], [aria-hidden='true']") !== null;

    // 1. The page itself never scrolls sideways, and no element reaches past the window outside a scroller.
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > viewport + 1) problems.push(`the page is ${scrollWidth}px wide in a ${viewport}px window`);
    const offenders = new Set<Element>();
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || hiddenByDesign(el)) continue;
      // Entirely outside the window is a deliberate off-screen placement (a skip link before focus).
      if (r.right <= 0 || r.left >= viewport) continue;
      if (r.right <= viewport + 1 && r.left >= -1) continue;
      if (getComputedStyle(el).position === "fixed" && r.width <= viewport + 1) continue;
      let contained = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (clipsX(p)) {
          contained = true;
          break;
        }
      }
      if (contained) continue;
      // Report the outermost offender only.
      if (el.parentElement && offenders.has(el.parentElement)) {
        offenders.add(el);
        continue;
      }
      offenders.add(el);
      problems.push(`${describe(el)} spans ${Math.round(r.left)}–${Math.round(r.right)}px of a ${viewport}px window`);
    }

    // 1b. Text reaching past the window: its element's box may fit while an unbreakable word spills out of it.
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const owner = node.parentElement;
      if (!owner || !node.textContent?.trim() || hiddenByDesign(owner) || offenders.has(owner)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const r = range.getBoundingClientRect();
      if (r.width === 0 || r.right <= viewport + 1 || r.left >= viewport) continue;
      let contained = false;
      for (let p: Element | null = owner; p && p !== document.body; p = p.parentElement) {
        if (clipsX(p)) {
          contained = true;
          break;
        }
      }
      if (contained) continue;
      problems.push(`text "${node.textContent.trim().slice(0, 60)}" in ${describe(owner)} spans ${Math.round(r.left)}–${Math.round(r.right)}px of a ${viewport}px window`);
    }

    // 2. Table cells at least as wide as their shortest word (words cut on purpose, with an ellipsis, excepted).
    const canvas = document.createElement("canvas").getContext("2d")!;
    const truncatedOnPurpose = (el: Element, cell: Element) => {
      for (let e: Element | null = el; e && e !== cell.parentElement; e = e.parentElement) {
        if (getComputedStyle(e).textOverflow === "ellipsis") return true;
      }
      return false;
    };
    for (const cell of document.querySelectorAll("td, th")) {
      if (!(cell as HTMLElement).checkVisibility() || hiddenByDesign(cell)) continue;
      let shortest: { word: string; owner: Element } | null = null;
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const owner = node.parentElement!;
        // Words as the browser may break them: at spaces and after hyphens ("train-" / "epoch" is normal
        // wrapping of an id; a cell narrower than one of those pieces is the letter-by-letter crush).
        for (const word of (node.textContent ?? "").split(/\s+|(?<=-)/)) {
          if (word && (shortest === null || word.length < shortest.word.length)) shortest = { word, owner };
        }
      }
      if (!shortest || !shortest.owner.checkVisibility() || truncatedOnPurpose(shortest.owner, cell) || hiddenByDesign(shortest.owner)) continue;
      const font = getComputedStyle(shortest.owner);
      canvas.font = `${font.fontStyle} ${font.fontWeight} ${font.fontSize} ${font.fontFamily}`;
      const wordWidth = canvas.measureText(shortest.word).width;
      const style = getComputedStyle(cell);
      const inner = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (inner + 1 < wordWidth) {
        const table = cell.closest("table");
        const name = table?.getAttribute("aria-label") ?? table?.querySelector("caption")?.textContent?.trim().slice(0, 40) ?? "a table";
        problems.push(`a cell of "${name}" is ${Math.round(inner)}px wide, narrower than its word "${shortest.word}" (${Math.round(wordWidth)}px)`);
      }
    }
    return problems;
  });
}
