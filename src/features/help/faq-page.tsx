// Placeholder until its screen lands.
export default function Page() {
  return <main className="page"><h1>Frequently Asked Questions</h1></main>;
}
