// Placeholder until its screen lands.
export default function Page() {
  return <main className="page"><h1>Verifying</h1></main>;
}
