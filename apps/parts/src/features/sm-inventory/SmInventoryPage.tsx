// SCAFFOLD: replaced by the page itself in this session.
export function SmInventoryPage() {
  return <h1>SmInventoryPage</h1>;
}
