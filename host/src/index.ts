// The asynchronous boundary lets Module Federation settle the shared singletons (react,
// styled-components, @portal/auth, …) before any of them is used.
void import('./bootstrap').then(({ start }) => {
  const container = document.getElementById('root');
  if (container) return start(container);
  return undefined;
});
