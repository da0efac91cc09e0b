// Placeholder until its screen lands.
export default function Page() {
  return <main className="page"><h1>Write a review</h1></main>;
}
