// SCAFFOLD: replaced by the page itself in this session.
export function SmInventoryProfilePage() {
  return <h1>SmInventoryProfilePage</h1>;
}
