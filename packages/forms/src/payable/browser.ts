/**
 * Leaves the portal for a payment provider's page. Functions of their own so tests can watch
 * them (jsdom does not navigate); every payable flow goes through this one object.
 */
export const browser = {
  /** Opens the provider's page (PayPal's approve link). */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** Loads the page again (a page the Back button restored from the browser's cache). */
  reload(): void {
    window.location.reload();
  },
  /** Posts fields to the provider's page as a form would (Authorize.net's hosted form takes the token so). */
  post(url: string, fields: Record<string, string>): void {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = url;
    form.hidden = true;
    for (const [name, value] of Object.entries(fields)) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.appendChild(input);
    }
    document.body.appendChild(form);
    form.submit();
  },
};
