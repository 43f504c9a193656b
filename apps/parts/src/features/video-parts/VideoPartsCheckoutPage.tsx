// SCAFFOLD: replaced by the page itself in this session.
export function VideoPartsCheckoutPage() {
  return <h1>VideoPartsCheckoutPage</h1>;
}
