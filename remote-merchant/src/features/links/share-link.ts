type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'unavailable';

/** Whether this browser offers its own share sheet (phones, mostly). */
export const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * Hands a link on: the device's share sheet where there is one (a message app, a chat), else the
 * clipboard. A share the person closed is no failure; a clipboard the page may not write to is
 * 'unavailable', and the screen shows the address to copy by hand.
 */
export async function shareLink(url: string, title: string): Promise<ShareOutcome> {
  if (canShare()) {
    try {
      await navigator.share({ title, url });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'unavailable';
  }
}
