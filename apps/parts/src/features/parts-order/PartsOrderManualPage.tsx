// SCAFFOLD: replaced by the page itself in this session.
export function PartsOrderManualPage() {
  return <h1>PartsOrderManualPage</h1>;
}
