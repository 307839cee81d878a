// The channels the cascade tries, in CHANNELS' order: push, then Telegram, then the e-mail digest.
import type { ChannelName, NotificationChannel } from "./channel";
import { emailChannel } from "./email/email.service";
import { pushChannel } from "./push/push.channel";
import { telegramChannel } from "./telegram/telegram.service";

export const channels: Record<ChannelName, NotificationChannel> = {
  push: pushChannel,
  telegram: telegramChannel,
  email: emailChannel,
};
