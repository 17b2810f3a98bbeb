/**
 * Focus comes back where it was. When a quick pick or the palette closes, VS Code gives the focus
 * back to the webview's window, but the document may put it on <body> (a keyboard user then starts
 * again from the top of the page). The last element with a `data-focus` key is remembered, and
 * focused again (without scrolling) when the window regains the focus with nothing focused.
 */
export function keepFocusAcrossBlur(): void {
  let last: string | undefined;
  document.addEventListener('focusin', (e) => {
    const key = e.target instanceof HTMLElement ? e.target.getAttribute('data-focus') : null;
    if (key) last = key;
  });
  window.addEventListener('focus', () => {
    // After the window's own focus handling: a click that focuses an element wins.
    setTimeout(() => {
      const active = document.activeElement;
      if (!last || (active && active !== document.body)) return;
      document.querySelector<HTMLElement>(`[data-focus="${CSS.escape(last)}"]`)?.focus({ preventScroll: true });
    }, 0);
  });
}
