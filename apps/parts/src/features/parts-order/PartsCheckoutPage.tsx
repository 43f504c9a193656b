// SCAFFOLD: replaced by the page itself in this session.
export function PartsCheckoutPage() {
  return <h1>PartsCheckoutPage</h1>;
}
