// Placeholder until its screen lands.
export default function Page() {
  return <main className="page"><h1>enhanced-search-test-page</h1></main>;
}
