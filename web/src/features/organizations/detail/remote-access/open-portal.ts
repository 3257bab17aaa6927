/**
 * Opens the customer's portal in a new tab with a URL that is only known after a request. The tab is opened
 * during the click (so no pop-up blocker stops it) and pointed at the URL once it arrives; without opener.
 */
export async function openInNewTab(resolveUrl: () => Promise<string>): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  try {
    const url = await resolveUrl();
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.open(url, '_blank', 'noopener');
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}
