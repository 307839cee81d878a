import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { ServerEvent } from "../../../party/events";
import { api } from "../../lib/api";
import { connectRoom, type Room } from "../../lib/party";
import { store } from "../../lib/storage";

export interface Member {
  clickid: string;
  email: string;
  country: string;
  region: string | null;
  cerco: string;
  fluxId: string;
  premiumLevel: number;
  creditiMessaggi: number;
  creditiIcebreaker: number;
  valoreMessaggio: number;
}

type SessionState =
  | { status: "loading" }
  | { status: "visitor" }
  | { status: "member"; token: string; member: Member };

interface SessionApi {
  state: SessionState;
  room: Room | null;
  signIn(token: string, member: Member): void;
  signOut(): void;
  /** Marks a message time as seen, so a reconnecting socket asks only for newer ones. */
  seen(time: string): void;
}

const SessionContext = createContext<SessionApi | null>(null);

/** Session start: a stored token is verified; a verified member gets the room socket. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: "loading" });
  const [room, setRoom] = useState<Room | null>(null);
  const lastSeen = useRef(Date.now());

  useEffect(() => {
    const token = store.get("token");
    if (!token) {
      setState({ status: "visitor" });
      return;
    }
    api.users.verify
      .$post({ json: { token, trackerId: store.get("trackerId") ?? undefined } })
      .then((r) => r.json())
      .then((body) => {
        if (body.verify === 1 && body.user) setState({ status: "member", token, member: body.user });
        else {
          store.remove("token");
          setState({ status: "visitor" });
        }
      })
      .catch(() => setState({ status: "visitor" }));
  }, []);

  const clickid = state.status === "member" ? state.member.clickid : null;
  const token = state.status === "member" ? state.token : null;
  useEffect(() => {
    if (!clickid || !token) return;
    const r = connectRoom({ clickid, token, lastSeen: () => lastSeen.current });
    const off = r.subscribe((event: ServerEvent) => {
      if (event.event === "creditiResidui") {
        setState((s) => (s.status === "member" ? { ...s, member: { ...s.member, ...event.data } } : s));
      }
    });
    setRoom(r);
    return () => {
      off();
      r.close();
      setRoom(null);
    };
  }, [clickid, token]);

  const signIn = useCallback((token: string, m: Member) => {
    store.set("token", token);
    store.set("trackerId", m.clickid);
    store.set("country", m.country);
    setState({ status: "member", token, member: m });
  }, []);
  const signOut = useCallback(() => {
    store.remove("token");
    setState({ status: "visitor" });
  }, []);
  const seen = useCallback((time: string) => {
    lastSeen.current = Math.max(lastSeen.current, Date.parse(time));
  }, []);

  const value = useMemo(() => ({ state, room, signIn, signOut, seen }), [state, room, signIn, signOut, seen]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionApi {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession outside SessionProvider");
  return value;
}
