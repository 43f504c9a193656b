// SCAFFOLD: replaced by the page itself in this session.
export function VideoPartsCartPage() {
  return <h1>VideoPartsCartPage</h1>;
}
