// Runs `done` after the browser has painted the next frame: Monaco renders its lines on an animation frame
// after the editor is created, and the plain-text fallback should not go before they are on screen.
export function whenPainted(done: () => void): void {
  requestAnimationFrame(() => requestAnimationFrame(done));
}
