// SCAFFOLD: replaced by the page itself in this session.
export function PartsCartPage() {
  return <h1>PartsCartPage</h1>;
}
