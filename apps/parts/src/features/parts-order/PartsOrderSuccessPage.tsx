// SCAFFOLD: replaced by the page itself in this session.
export function PartsOrderSuccessPage() {
  return <h1>PartsOrderSuccessPage</h1>;
}
