// Placeholder until its screen lands.
export default function Page() {
  return <main className="page"><h1>Terms of Service</h1></main>;
}
