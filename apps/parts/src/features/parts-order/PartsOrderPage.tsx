// SCAFFOLD: replaced by the page itself in this session.
export function PartsOrderPage() {
  return <h1>PartsOrderPage</h1>;
}
