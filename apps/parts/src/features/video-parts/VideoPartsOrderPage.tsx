// SCAFFOLD: replaced by the page itself in this session.
export function VideoPartsOrderPage() {
  return <h1>VideoPartsOrderPage</h1>;
}
