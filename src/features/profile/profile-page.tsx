// Placeholder until its screen lands.
export default function Page() {
  return <main className="page"><h1>Profile</h1></main>;
}
