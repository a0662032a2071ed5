export function BusinessProductsPage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold">BusinessProducts</h1>
    </main>
  );
}
