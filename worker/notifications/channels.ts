// The channels the cascade tries, in CHANNELS' order. A channel left undefined is skipped as if the member
// had none: Telegram and the e-mail digest are wired in here.
import type { ChannelName, NotificationChannel } from "./channel";
import { pushChannel } from "./push/push.channel";

export const channels: Record<ChannelName, NotificationChannel | undefined> = {
  push: pushChannel,
  telegram: undefined,
  email: undefined,
};
