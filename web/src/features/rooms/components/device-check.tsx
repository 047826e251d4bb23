/**
 * Before joining: a preview of the camera and the microphone, a choice of each, and joining muted or
 * with the camera off. A refused permission or a missing device is said clearly; the call can still
 * be joined, to see and hear the other side.
 */
import { useEffect, useRef, useState } from 'react';
import { MSG } from '@shared/web-texts';

export interface JoinChoice {
  stream: MediaStream | undefined;
  muted: boolean;
  cameraOff: boolean;
}

interface DeviceCheckProps {
  audioOnly: boolean;
  /** The room is open: joining is possible (before, the check is a rehearsal). */
  canJoin: boolean;
  onJoin(choice: JoinChoice): void;
}

const problemOf = (error: unknown): string =>
  error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError') ? MSG.roomPermissionRefused : MSG.roomNoDevice;

export function DeviceCheck({ audioOnly, canJoin, onJoin }: DeviceCheckProps) {
  const preview = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream>();
  const [problem, setProblem] = useState<string>();
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState('');
  const [microphoneId, setMicrophoneId] = useState('');
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const handedOver = useRef(false);

  useEffect(() => {
    let current: MediaStream | undefined;
    let shown = true;
    const media = navigator.mediaDevices;
    if (!media?.getUserMedia) {
      setProblem(MSG.roomNoDevice);
      return;
    }
    media
      .getUserMedia({
        audio: microphoneId ? { deviceId: { exact: microphoneId } } : true,
        video: audioOnly ? false : cameraId ? { deviceId: { exact: cameraId } } : true,
      })
      .then(
        async (opened) => {
          if (!shown) {
            for (const track of opened.getTracks()) track.stop();
            return;
          }
          current = opened;
          setStream(opened);
          setProblem(undefined);
          setDevices(await media.enumerateDevices());
        },
        (error: unknown) => shown && setProblem(problemOf(error)),
      );
    return () => {
      shown = false;
      // The stream handed to the call is the call's to stop.
      if (handedOver.current) return;
      for (const track of current?.getTracks() ?? []) track.stop();
      // Another device is being opened: nothing to join with until it is.
      setStream(undefined);
    };
  }, [audioOnly, cameraId, microphoneId]);

  useEffect(() => {
    if (preview.current) preview.current.srcObject = stream ?? null;
  }, [stream]);

  const cameras = devices.filter((device) => device.kind === 'videoinput');
  const microphones = devices.filter((device) => device.kind === 'audioinput');

  // Joined before the browser opened the devices (its permission prompt may still be up), the call
  // would have neither camera nor microphone to the end: Join waits for them, or for why there are none.
  const opening = stream === undefined && problem === undefined;

  function join() {
    handedOver.current = true;
    onJoin({ stream, muted, cameraOff: audioOnly || cameraOff });
  }

  return (
    <section className="room-check" aria-labelledby="room-check-title">
      <h2 id="room-check-title">Check your {audioOnly ? 'microphone' : 'camera and microphone'}</h2>
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      {!audioOnly && <video ref={preview} className="room-preview" autoPlay muted playsInline aria-label="Your camera preview" />}
      <div className="room-check-fields">
        {!audioOnly && cameras.length > 0 && (
          <div className="field">
            <label htmlFor="room-camera">Camera</label>
            <select
              id="room-camera"
              value={cameraId || stream?.getVideoTracks()[0]?.getSettings().deviceId || ''}
              onChange={(event) => setCameraId(event.target.value)}
            >
              {cameras.map((camera, index) => (
                <option key={camera.deviceId || index} value={camera.deviceId}>
                  {camera.label || `Camera ${index + 1}`}
                </option>
              ))}
            </select>
          </div>
        )}
        {microphones.length > 0 && (
          <div className="field">
            <label htmlFor="room-microphone">Microphone</label>
            <select
              id="room-microphone"
              value={microphoneId || stream?.getAudioTracks()[0]?.getSettings().deviceId || ''}
              onChange={(event) => setMicrophoneId(event.target.value)}
            >
              {microphones.map((microphone, index) => (
                <option key={microphone.deviceId || index} value={microphone.deviceId}>
                  {microphone.label || `Microphone ${index + 1}`}
                </option>
              ))}
            </select>
          </div>
        )}
        <label className="room-check-option">
          <input type="checkbox" checked={muted} onChange={(event) => setMuted(event.target.checked)} /> Join with my microphone muted
        </label>
        {!audioOnly && (
          <label className="room-check-option">
            <input type="checkbox" checked={cameraOff} onChange={(event) => setCameraOff(event.target.checked)} /> Join with my camera off
          </label>
        )}
      </div>
      <div className="room-join">
        {opening && <p role="status">{audioOnly ? MSG.roomMicrophoneOpening : MSG.roomDevicesOpening}</p>}
        <button type="button" className="btn btn-primary" disabled={!canJoin || opening} onClick={join}>
          Join the call
        </button>
      </div>
    </section>
  );
}
