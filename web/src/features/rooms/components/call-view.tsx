/**
 * In the room: the other side's video (or, for a Phone Call, both names with who is speaking), one's
 * own, mute, camera, screen share and leave, the connection's state, the time left, and the
 * conversation beside the call.
 */
import { useEffect, useRef, useState } from 'react';
import { ROOMS } from '@shared/limits';
import type { IceServersView, RoomView } from '@shared/schemas/rooms';
import { MSG } from '@shared/web-texts';
import { errorText } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { getIceServers, reportNoShow } from '@/features/rooms/api/room';
import { type Call, type CallState, startCall } from '@/features/rooms/lib/call';
import { sessionTimeText } from '@/features/rooms/lib/session-time';
import type { JoinChoice } from '@/features/rooms/components/device-check';
import { RoomMessages } from '@/features/rooms/components/room-messages';

interface CallViewProps {
  room: RoomView;
  choice: JoinChoice;
  ice: IceServersView;
  relayOnly: boolean;
  /** The app's clock less this browser's (the test clock moves the app's). */
  clockOffsetMs: number;
  onLeave(): void;
}

const nameOf = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

function stateText(state: CallState, otherName: string): string {
  switch (state) {
    case 'joining':
      return MSG.roomJoining;
    case 'waiting':
      return `Waiting for ${otherName} to join…`;
    case 'connecting':
      return `Connecting to ${otherName}…`;
    case 'connected':
      return `Connected with ${otherName}`;
    case 'reconnecting':
      return MSG.roomReconnecting;
  }
}

/**
 * Sound energy above this between two looks is someone speaking: the browser sums each moment's
 * level squared (RTCStats totalAudioEnergy), so a short word between two looks still counts.
 */
const SPEAKING_ENERGY = 0.0005;

export function CallView({ room, choice, ice, relayOnly, clockOffsetMs, onLeave }: CallViewProps) {
  const call = useRef<Call | undefined>(undefined);
  const remoteVideo = useRef<HTMLVideoElement>(null);
  const remoteAudio = useRef<HTMLAudioElement>(null);
  const screenVideo = useRef<HTMLVideoElement>(null);
  const ownVideo = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CallState>('joining');
  const [remote, setRemote] = useState<{ person?: MediaStream; screen?: MediaStream }>({});
  const [muted, setMuted] = useState(choice.muted);
  const [cameraOff, setCameraOff] = useState(choice.cameraOff);
  const [sharing, setSharing] = useState(false);
  const [now, setNow] = useState(() => Date.now() + clockOffsetMs);
  const [talking, setTalking] = useState({ you: false, other: false });
  const otherName = nameOf(room.other);
  const [noShowReported, setNoShowReported] = useState(false);
  // From 15 minutes after the start, while the other side has not come, this side may report it (the server checks it again).
  const mayReportNoShow =
    !noShowReported && state === 'waiting' && now >= Date.parse(room.start) + ROOMS.noShowAfterMinutes * 60_000 && now < Date.parse(room.closesAt);

  useEffect(() => {
    const { stream } = choice;
    for (const track of stream?.getAudioTracks() ?? []) track.enabled = !choice.muted;
    for (const track of stream?.getVideoTracks() ?? []) track.enabled = !choice.cameraOff;
    const started = startCall({
      orderId: room.orderId,
      polite: room.you._id !== room.other._id && room.you._id > room.other._id,
      local: stream,
      audioOnly: room.audioOnly,
      ice,
      askIceServers: () => getIceServers(room.orderId),
      relayOnly,
      onState: setState,
      onRemote: setRemote,
    });
    call.current = started;
    return () => {
      started.end();
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [room, choice, ice, relayOnly]);

  useEffect(() => {
    if (ownVideo.current) ownVideo.current.srcObject = choice.stream ?? null;
  }, [choice.stream]);
  useEffect(() => {
    if (remoteVideo.current) remoteVideo.current.srcObject = remote.person ?? null;
    if (remoteAudio.current) remoteAudio.current.srcObject = remote.person ?? null;
    if (screenVideo.current) screenVideo.current.srcObject = remote.screen ?? null;
  }, [remote]);

  useEffect(() => {
    const ticking = setInterval(() => setNow(Date.now() + clockOffsetMs), 15_000);
    return () => clearInterval(ticking);
  }, [clockOffsetMs]);

  // Who is speaking: the sound energy the browser measures in what it sends and what it receives.
  useEffect(() => {
    if (!room.audioOnly) return;
    let last = { you: 0, other: 0 };
    const listening = setInterval(async () => {
      const connection = call.current?.connection();
      if (!connection) return;
      const energy = { you: 0, other: 0 };
      (await connection.getStats()).forEach((report: { type: string; kind?: string; totalAudioEnergy?: number }) => {
        if (report.kind !== 'audio' || report.totalAudioEnergy === undefined) return;
        if (report.type === 'media-source') energy.you += report.totalAudioEnergy;
        if (report.type === 'inbound-rtp') energy.other += report.totalAudioEnergy;
      });
      setTalking({ you: !muted && energy.you - last.you > SPEAKING_ENERGY, other: energy.other - last.other > SPEAKING_ENERGY });
      last = energy;
    }, 400);
    return () => clearInterval(listening);
  }, [room.audioOnly, muted]);

  function toggleMute() {
    const next = !muted;
    for (const track of choice.stream?.getAudioTracks() ?? []) track.enabled = !next;
    setMuted(next);
  }

  function toggleCamera() {
    const next = !cameraOff;
    for (const track of choice.stream?.getVideoTracks() ?? []) track.enabled = !next;
    setCameraOff(next);
  }

  async function toggleShare() {
    const current = call.current;
    if (!current) return;
    if (current.sharing()) {
      current.stopSharing();
      setSharing(false);
      return;
    }
    try {
      await current.shareScreen();
      setSharing(true);
    } catch {
      notify.error(MSG.roomScreenShareFailed);
    }
  }

  async function reportAbsence() {
    try {
      notify.success((await reportNoShow(room.orderId)).msg);
      setNoShowReported(true);
    } catch (error) {
      notify.error(errorText(error, MSG.orderStepFailed));
    }
  }

  const hasMicrophone = (choice.stream?.getAudioTracks().length ?? 0) > 0;
  const hasCamera = (choice.stream?.getVideoTracks().length ?? 0) > 0;

  return (
    <div className="room-call">
      <section className="room-stage" aria-label={`Call with ${otherName}`}>
        <p className="room-state" role="status">
          {stateText(state, otherName)}
        </p>
        {room.audioOnly ? (
          <ul className="room-voices" aria-label="Who is on the call">
            <li className={talking.other ? 'room-voice speaking' : 'room-voice'}>
              {otherName}
              {talking.other && <span className="visually-hidden"> is speaking</span>}
            </li>
            <li className={talking.you ? 'room-voice speaking' : 'room-voice'}>
              You{muted ? ' (muted)' : ''}
              {talking.you && <span className="visually-hidden"> are speaking</span>}
            </li>
          </ul>
        ) : (
          <div className="room-videos">
            {/* biome-ignore lint/a11y/useMediaCaption: a live call has no caption file; the conversation beside it carries what is written */}
            <video ref={remoteVideo} className="room-remote" autoPlay playsInline aria-label={`${otherName}’s camera`} />
            {remote.screen && <video ref={screenVideo} className="room-screen" autoPlay playsInline muted aria-label={`${otherName}’s shared screen`} />}
            <video ref={ownVideo} className="room-own" autoPlay playsInline muted aria-label="Your camera" />
          </div>
        )}
        {/* biome-ignore lint/a11y/useMediaCaption: a live call has no caption file; the conversation beside it carries what is written */}
        {room.audioOnly && <audio ref={remoteAudio} autoPlay aria-label={`${otherName}’s voice`} />}
        <p className="room-time">{sessionTimeText(Date.parse(room.start), Date.parse(room.end), now)}</p>
        <div className="room-controls" role="toolbar" aria-label="Call controls">
          <button type="button" className="btn btn-secondary" aria-pressed={muted} disabled={!hasMicrophone} onClick={toggleMute}>
            {muted ? 'Unmute' : 'Mute'}
          </button>
          {!room.audioOnly && (
            <button type="button" className="btn btn-secondary" aria-pressed={cameraOff} disabled={!hasCamera} onClick={toggleCamera}>
              {cameraOff ? 'Turn camera on' : 'Turn camera off'}
            </button>
          )}
          <button type="button" className="btn btn-secondary" aria-pressed={sharing} onClick={() => void toggleShare()}>
            {sharing ? 'Stop sharing' : 'Share screen'}
          </button>
          <button type="button" className="btn btn-danger" onClick={onLeave}>
            Leave
          </button>
        </div>
        {mayReportNoShow && (
          <p className="room-no-show">
            {otherName} has not joined.{' '}
            <button type="button" className="btn btn-secondary btn-small" onClick={() => void reportAbsence()}>
              Report that {room.other.firstName} did not come
            </button>
          </p>
        )}
      </section>
      <RoomMessages chatId={room.orderId} />
    </div>
  );
}
