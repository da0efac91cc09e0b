// The line every search screen shows when its answer comes from this device only (spec: offline,
// every search still answers from the local catalogue and says so).
import './device-note.css';

export function DeviceNote({ offline }: { readonly offline: boolean }) {
  return (
    <p className="device-note" role="status">
      <span aria-hidden="true">⚡</span>
      {offline
        ? "You're offline: these results are from this device."
        : "The server couldn't be reached: these results are from this device."}
    </p>
  );
}
