// Placeholder until its screen lands.
export default function Page() {
  return <main className="page"><h1>Auth debug</h1></main>;
}
