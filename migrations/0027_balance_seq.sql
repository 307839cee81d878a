ALTER TABLE "accounts" ADD COLUMN "balance_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every change of a member's balances or of the message kept pending for lack of credits counts one, whoever
-- writes it: the member's room compares a purchase's count with the highest its own statements answered, and
-- shows the purchase's balances without reading them again only when they came after its own last write
-- (worker/chat/chat.socket.ts, accountChangedOutside). A trigger, so that no writer can leave it behind.
CREATE FUNCTION "accounts_count_balance_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.balance_seq := OLD.balance_seq + 1;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "accounts_balance_seq" BEFORE UPDATE ON "accounts" FOR EACH ROW
  WHEN (OLD.crediti_messaggi IS DISTINCT FROM NEW.crediti_messaggi
    OR OLD.crediti_icebreaker IS DISTINCT FROM NEW.crediti_icebreaker
    OR OLD.messaggio_pending IS DISTINCT FROM NEW.messaggio_pending)
  EXECUTE FUNCTION "accounts_count_balance_change"();
