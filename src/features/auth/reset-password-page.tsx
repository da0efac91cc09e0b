// Placeholder until its screen lands.
export default function Page() {
  return <main className="page"><h1>Reset password</h1></main>;
}
