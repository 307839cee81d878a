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
import type { SessionUser } from "../../../worker/contracts/auth";
import type { ClientFlow } from "../../../worker/contracts/flow";
import type { ServerEvent } from "../../../worker/contracts/realtime";
import { api } from "../api";
import { afterFirstScreen, bootVerify } from "../first-screen";
import { once } from "../once";
import type { Room } from "../party";
import { store } from "../storage";
import { loadingRoom } from "./loading-room";

export type Member = SessionUser;

/** What every way in answers (sign-up, login, Google, confirm and auto-login links, token verification). */
export interface SessionBody {
  token: string;
  clickid: string;
  confirmed_email: boolean;
  regalo_messaggi: number | null;
  user: Member;
  flusso: ClientFlow;
}

/** The spec's session popups, in the order they are shown when several apply. */
export type SessionPopup =
  | { id: "disabled" }
  | { id: "doi" }
  | { id: "region" }
  | { id: "photo" }
  | { id: "gift"; count: number };

type SessionState =
  | { status: "loading" }
  | { status: "visitor" }
  | { status: "member"; token: string; member: Member; flow: ClientFlow };

interface SessionApi {
  state: SessionState;
  room: Room | null;
  /** Stores a new session and opens the popups it calls for (double opt-in, set region, gift). */
  signIn(body: SessionBody): void;
  /** Merges fresh fields of the member (after a region or e-mail change). */
  updateMember(patch: Partial<Member>): void;
  /** Logout: ends every session of the member on the server, forgets this one and starts over at /. */
  signOut(): Promise<void>;
  popups: SessionPopup[];
  closePopup(id: SessionPopup["id"]): void;
  /** Marks a message time as seen, so a reconnecting socket asks only for newer ones. */
  seen(time: string): void;
}

/** The spec's delay before the welcome-back gift popup. */
export const GIFT_POPUP_DELAY_MS = 500;

const SessionContext = createContext<SessionApi | null>(null);

/**
 * POST /users/verify of the token stored at start, asked once per page. The answer is read whatever its
 * status: anything but verify 1 turns the page into a visitor's; only a failure to reach the server keeps
 * the token. Without TanStack Query, which the first page's start-up would otherwise have to load first.
 */
function useVerify(token: string | null) {
  type Answer = Awaited<ReturnType<Awaited<ReturnType<typeof api.users.verify.$post>>["json"]>>;
  const [result, setResult] = useState<{ data?: Answer; error?: unknown }>({});
  useEffect(() => {
    if (!token) return;
    let active = true;
    once(`session:verify:${token}`, async () => {
      // Usually asked already by the HTML's bootstrap, while this bundle loaded.
      const early = await bootVerify(token);
      if (early) return early;
      const response = await api.users.verify.$post({
        json: { token, trackerId: store.get("trackerId") ?? undefined },
      });
      return response.json();
    }).then(
      (data) => active && setResult({ data }),
      (error: unknown) => active && setResult({ error }),
    );
    return () => {
      active = false;
    };
  }, [token]);
  return result;
}

/**
 * The popups a fresh session opens: double opt-in for an unconfirmed address on a doi flow, region when
 * missing, and the photo popup (the spec: optional photo, no lastActivity, no image name).
 */
function popupsFor(body: Pick<SessionBody, "confirmed_email" | "user" | "flusso">): SessionPopup[] {
  const popups: SessionPopup[] = [];
  if (body.flusso.optin === "doi" && !body.confirmed_email) popups.push({ id: "doi" });
  if (!body.user.region) popups.push({ id: "region" });
  if (body.flusso.foto_facoltativa && !body.user.lastActivity && !body.user.imageName)
    popups.push({ id: "photo" });
  return popups;
}

/**
 * Session start (the spec): a stored token is verified; verified members get their room socket and the
 * popups their state calls for; no token or verify 0 resets to a visitor (member pages then show the
 * sign-up/login popup); a verify error (1008) gives the user-disabled popup.
 */
export function SessionProvider({
  startToken,
  children,
}: {
  /**
   * The token stored when the page started, read once by main.tsx before the first render. Not read here:
   * the first render may come well after the start (it waits for chunks, and a render that suspends is
   * thrown away and done again), and must not take a token stored in the meantime, by a sign-in in another
   * tab or the page that replaces this one, whose session this page would then verify and end.
   */
  startToken: string | null;
  children: ReactNode;
}) {
  const [state, setState] = useState<SessionState>({ status: "loading" });
  const [room, setRoom] = useState<Room | null>(null);
  const [popups, setPopups] = useState<SessionPopup[]>([]);
  const lastSeen = useRef(Date.now());
  const giftTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const remember = useCallback((body: SessionBody) => {
    store.set("token", body.token);
    store.set("trackerId", body.clickid);
    store.set("country", body.user.country);
    if (body.user.city) store.set("city", body.user.city);
    setState({ status: "member", token: body.token, member: body.user, flow: body.flusso });
    setPopups(popupsFor(body));
    clearTimeout(giftTimer.current);
    const gift = body.regalo_messaggi;
    if (gift) {
      giftTimer.current = setTimeout(
        () => setPopups((list) => [...list, { id: "gift", count: gift }]),
        GIFT_POPUP_DELAY_MS,
      );
    }
  }, []);

  // The token found at start is verified once per page (a sign-in later stores its own, already valid).
  const verify = useVerify(startToken || null);
  useEffect(() => {
    if (!startToken) setState({ status: "visitor" });
  }, [startToken]);
  useEffect(() => {
    const body = verify.data;
    if (!startToken || !body) return;
    if (body.verify === 1 && body.user && body.flusso) {
      remember({
        token: startToken,
        clickid: body.user.clickid,
        confirmed_email: body.user.confirmed_email,
        regalo_messaggi: null,
        user: body.user,
        flusso: body.flusso,
      });
      return;
    }
    store.remove("token");
    setState({ status: "visitor" });
    if (body.error === "1008") setPopups([{ id: "disabled" }]);
  }, [startToken, verify.data, remember]);
  useEffect(() => {
    if (!verify.error) return;
    // Offline or the server is down: keep the token for the next start, behave as a visitor now.
    console.warn("session: token verification failed", verify.error);
    setState({ status: "visitor" });
  }, [verify.error]);

  useEffect(() => () => clearTimeout(giftTimer.current), []);

  const clickid = state.status === "member" ? state.member.clickid : null;
  const token = state.status === "member" ? state.token : null;
  useEffect(() => {
    if (!clickid || !token) return;
    // The socket's code (partysocket, the realtime contracts) is fetched for members only. The pages get the
    // room at once: what they send meanwhile goes out once it is there (loading-room.ts).
    let closed = false;
    const { room: r, attach } = loadingRoom();
    const off = r.subscribe((event: ServerEvent) => {
      if (event.event === "creditiResidui") {
        setState((s) => (s.status === "member" ? { ...s, member: { ...s.member, ...event.data } } : s));
      }
    });
    setRoom(r);
    void afterFirstScreen()
      .then(() => import("../party"))
      .then(({ connectRoom }) => {
        if (!closed) attach(connectRoom({ clickid, token, lastSeen: () => lastSeen.current }));
      });
    return () => {
      closed = true;
      off();
      r.close();
      setRoom(null);
    };
  }, [clickid, token]);

  const updateMember = useCallback((patch: Partial<Member>) => {
    setState((s) => (s.status === "member" ? { ...s, member: { ...s.member, ...patch } } : s));
  }, []);

  const signOut = useCallback(async () => {
    // The logout ends the room's sockets with a restart for every tab; this one goes home on its own.
    room?.ownRestart(true);
    try {
      const response = await api.users.logout.$post();
      if (!response.ok) console.warn("logout: the server answered", response.status);
    } catch (error) {
      console.warn("logout: the server could not be reached", error);
    }
    store.remove("token");
    // A fresh start as a visitor on the home page: the room socket, the popups and every member page's
    // state go with it, and no member-only page gets to redirect the visitor it just became.
    window.location.assign("/");
  }, [room]);

  const closePopup = useCallback((id: SessionPopup["id"]) => {
    setPopups((list) => list.filter((p) => p.id !== id));
  }, []);

  const seen = useCallback((time: string) => {
    lastSeen.current = Math.max(lastSeen.current, Date.parse(time));
  }, []);

  const value = useMemo(
    () => ({ state, room, signIn: remember, updateMember, signOut, popups, closePopup, seen }),
    [state, room, remember, updateMember, signOut, popups, closePopup, seen],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionApi {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession outside SessionProvider");
  return value;
}

/** The spec: a member's home is /find, or /match when the flow uses invitations (messaggi_inviti). */
export function useMemberHome(): "/find" | "/match" {
  const { state } = useSession();
  return state.status === "member" && state.flow.messaggi_inviti ? "/match" : "/find";
}
