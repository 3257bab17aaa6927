/**
 * Opens the header's language or theme menu (LanguageMenu, ThemeMenu: `data-menu`) as soon as the app shows
 * it: the pre-rendered form's button of the same name was pressed, and the app took over for it.
 */
export function openHeaderMenuWhenShown(menu: 'language' | 'theme', within: HTMLElement): void {
  const find = () => within.querySelector<HTMLElement>(`[data-menu="${menu}"]`);
  const shown = find();
  if (shown) {
    shown.click();
    return;
  }
  const observer = new MutationObserver(() => {
    const button = find();
    if (!button) return;
    observer.disconnect();
    button.click();
  });
  observer.observe(within, { childList: true, subtree: true });
}
