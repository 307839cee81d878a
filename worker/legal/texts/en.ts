// The legal pages in English. What they say of data, storage and renewals is what the code does: keep them in
// step with drizzle/schema/, web/lib/storage.ts and worker/payments when those change.
import type { LegalCopy } from "../legal-copy";

export const en: LegalCopy = {
  sample:
    "Sample text: {title} shows this model text until the brand replaces it with its own, checked by its lawyers.",
  fictional:
    "The profiles on {title} are fictional and run by operators; the service is entertainment for adults (18+).",
  company: "{company} · {address} · VAT no. {vat} · [{email}](mailto:{email}) · [{tel}]({telHref})",
  pages: {
    faq: [
      { h: "What is {title}?" },
      {
        p: "{title} is an online chat service for adults (18+): you browse profiles, like and visit them, and chat with them.",
      },
      { h: "Are the profiles real people?" },
      {
        p: "No. The profiles are fictional and run by operators, sometimes with automated replies. The people shown cannot be met, and nothing written in a chat is a promise to meet.",
      },
      { h: "Is it free?" },
      {
        p: "Signing up is free and comes with a few free messages. To write more you buy credits or a plan: see [the features](/legal/features) and [the terms](/legal/terms).",
      },
      { h: "Why are some replies blurred?" },
      {
        p: "Replies are blurred for free profiles that have not verified a mobile number. Verifying with the code we text you, or a paid plan, shows them in full.",
      },
      { h: "How do I cancel a plan?" },
      {
        p: "VIP plans renew automatically until you cancel. Cancel at any time on the [unsubscribe page](/unsubscribe), with the unsubscribe button of your [profile](/profile), or by writing to customer care at {email}. What you paid for stays yours until the end of the period.",
      },
      { h: "How do I close my profile?" },
      {
        p: "On your [profile](/profile) you can disable it from the settings menu (it is hidden; reactivation only through customer care), or delete your account under Your data and privacy: it stops at once and is erased 30 days later, unless you log in before then. There you can also download all your data.",
      },
      { h: "The activation e-mail has not arrived" },
      {
        p: "It can take up to 5 minutes. Look in the spam folder; the window that asks you to confirm the address also lets you correct it.",
      },
      { h: "How do I contact you?" },
      { p: "Write to {email}, call {tel}, or use the [contact form](/contactUs)." },
    ],
    features: [
      { h: "What you can do on {title}" },
      {
        ul: [
          "Search profiles by region and city.",
          "Match: swipe through profiles to like them or pass.",
          "Like and visit profiles, and see who liked or visited you under Alerts.",
          "Chat in real time, with alerts by e-mail, Telegram or push while you are away.",
          "Give your own profile a photo, a description and what you are looking for.",
        ],
      },
      { h: "Free and paid" },
      {
        p: "A free profile gets a few icebreaker and message credits. Credit packs add messages; VIP plans add messages every period and renew automatically (see [the terms](/legal/terms)). Prices are shown on the plans page before you pay.",
      },
      { h: "Safety" },
      {
        p: "Payments go through certified payment providers: {title} never sees or keeps your card number. If you verify your mobile number, it is never shown to anyone.",
      },
    ],
    privacy: [
      { h: "Who is responsible for your data" },
      { p: "The controller is {company}, {address}, VAT no. {vat}. Contact: {email}, {tel}." },
      { h: "What we keep, and why" },
      {
        ul: [
          "Account: e-mail address, password (only as a one-way hash), age, who you are and who you seek, region and city, and Google's account identifier if you sign in with Google. To run your account and show you profiles near you.",
          "Profile: username, description, what you seek, preferred age range and the photos you upload. To show and edit your profile.",
          "Consents: every sign-up box, ticked or not, and every later change on your profile, with the time and the version of its text. The terms and the adult declaration are required; the two marketing consents (promotions, communication to third parties) are optional and can be changed at any time on your profile. To prove what you accepted and to honour what you refused.",
          "Chats: your messages, likes, visits, invitations and alerts, with their times. To run the service. Operators read your messages and your profile to answer as the profile you write to.",
          "Mobile number, only if you verify it, and the code we text you (kept only as a keyed hash). To verify your profile and keep one number per profile.",
          "Payments: plan, amount, status and dates, the card's brand and last four digits, and the card token the payment provider keeps (never the card number or its security code). For receipts, renewals, refunds and accounting law.",
          "Credits: every change of your balance, so that it is always right.",
          "Technical data: IP address, browser name, a random identifier of your browser, how you reached us (source, campaign) and events of use (a profile viewed, a link in an e-mail opened). For security (limits on sign-ups and logins), fraud prevention and statistics.",
          "Alerts: your e-mail, Telegram and push choices, with the Telegram id or push token if you turn them on. To send what you asked for.",
          "E-mails: which service e-mails went to you and when, and the addresses that asked for no more e-mail.",
        ],
      },
      { h: "Who else handles it" },
      {
        p: "Processors acting on our instructions: hosting and database (Cloudflare, Neon), e-mail (Mailgun), text messages (Twilio), the payment provider you choose (card processors, PayPal, Apple Pay, Google Pay and others) and Google if you sign in with Google. We do not sell your data; we pass it to third parties for their own communications only if you ticked that consent.",
      },
      { h: "How long" },
      {
        ul: [
          "Your account and everything in it: until you delete it. Deleting stops it at once; 30 days later it is erased, photos included, unless you log in before then, which restores it.",
          "Payment records (orders, payments, refunds, withdrawals, credit movements): 10 years from the payment, as tax law requires; after an erasure they are kept with nothing that identifies you, then deleted.",
          "Usage events: 365 days. The record of which service e-mails went to you: 90 days.",
          "The notifications we sent you (which, when, on which channel, whether you opened them): 180 days.",
          "Phone codes, deletion codes and the links to your data archive: deleted 1 day after they expire.",
          "An account whose sign-up asked to confirm the e-mail address, never confirmed, never used to pay and unused for 30 days: erased.",
          "The operators' audit log, including each step of a deletion or a withdrawal: 3 years.",
          "Addresses that asked for no more e-mail: as long as needed to honour that.",
        ],
      },
      { h: "Your rights" },
      {
        p: "On your [profile](/profile), under Your data and privacy, you can download all your data in one zip (account, profile, photos, conversations, likes and visits, payments and receipts, consents, logins), give or withdraw the marketing consents and delete your account. You correct your data by editing your profile. For anything else (to restrict or object to a use) write to {email}. You may also complain to your data protection authority. Cookies and browser storage are described in the [cookie policy](/legal/cookie).",
      },
    ],
    cookie: [
      { h: "Cookies and browser storage" },
      {
        p: "{title} uses technical cookies and your browser's storage to make the service work; they need no consent. The banner asks for two more categories, each off until you allow it and changeable at any time from \"Cookie preferences\" at the foot of every page: analytics (no analytics tool is used today) and marketing (the advertising partners' pixels of the brand, which tell a partner that you signed up or tried a payment). Your choice is also kept on our server with its date, so that we can show it on your profile.",
      },
      { h: "The cookies" },
      {
        ul: [
          "google_oauth: only when you sign in with Google, for 10 minutes, to check that Google's answer belongs to your sign-in (HttpOnly, this site only).",
          "cc_cookie: your cookie choice (the categories you allowed and when), for 6 months.",
        ],
      },
      {
        p: "With marketing allowed, the partners' pixels may set their own cookies, described in their policies.",
      },
      { h: "Local storage" },
      {
        p: "These entries stay in your browser until you clear this site's data (the session also ends when you log out):",
      },
      {
        ul: [
          "token: your session, so that you stay logged in.",
          "trackerId, source, campid, remarketing_clickid, landedTime: your profile's public id and how you reached the site (link, campaign, time).",
          "fingerprint: a random identifier this site gives your browser (not read from your device), to limit repeated sign-ups.",
          "country, city, ua: the site's country, the city you chose and your browser's name, sent with sign-up and login.",
          "dispenserSeed, dispenserSeedTime, page: the order of the search results (renewed every 30 minutes) and the page you were on.",
          "like, avatar, profiliVisitati, messaggiNonLetti: the profiles you liked and visited, your photo and your unread count, shown at once on your next visit.",
          "notificheInPending, tipologiaNotifica, socketId, softwareVersion, outbox: alerts received while the tab was hidden, the realtime connection, the app's version, and messages the server has not confirmed yet, so that nothing is lost on a bad connection.",
          "cookiePolicy: your cookie choice, as the app reads it.",
          "pushSentAt, pushEndpoint: when this browser's push subscription was last sent to us, and its address, so that it is renewed after 7 days.",
          "channelPopupAt: when you last answered the popup that offers the notification channels.",
        ],
      },
      { h: "Session storage" },
      {
        ul: [
          "mollieReference: during a payment by redirect, that payment's reference, until the tab is closed.",
        ],
      },
      { h: "Other sites" },
      {
        p: "The payment pages of the providers (3-D Secure, PayPal, Mollie and others) and Google's sign-in page are other sites, with their own cookies and policies.",
      },
      { h: "How to remove them" },
      {
        p: "Clear this site's data in your browser's settings: the service then behaves as on a first visit. See also the [privacy policy](/legal/privacy).",
      },
    ],
    terms: [
      { h: "The service" },
      {
        p: "{title} ({domain}) is provided by {company}, {address}, VAT no. {vat}. By signing up you accept these terms and the [privacy policy](/legal/privacy).",
      },
      { h: "Fictional profiles" },
      {
        p: "The profiles on {title} are fictional and run by operators, sometimes with automated replies. The service is entertainment: the people shown cannot be met, and nothing written in a chat is a promise to meet.",
      },
      { h: "Who may use it" },
      {
        p: "Adults only (18+), one account per person. Do not send insults, threats, illegal content or other people's personal data: an account that does may be disabled.",
      },
      { h: "Credits and prices" },
      {
        p: "Messages cost credits. The price of every pack and plan is shown before you pay. Credit packs are one-off purchases and do not renew.",
      },
      { h: "Plans renew automatically" },
      {
        p: "VIP plans are subscriptions: they renew automatically every 30 days at the price shown when you bought them, charged to the card saved with the payment provider, until you cancel. Each renewal adds the plan's credits and is confirmed by e-mail. If a renewal is refused we try again 1, 3 and 7 days later; then the plan ends.",
      },
      { h: "How to cancel" },
      {
        ul: [
          "on the [unsubscribe page](/unsubscribe);",
          "with the unsubscribe button of your [profile](/profile);",
          "or through customer care: {email}, {tel}.",
        ],
      },
      {
        p: "Cancelling stops the next renewals at once. What you paid for stays until the end of the current period, and your credits stay yours.",
      },
      { h: "Refunds" },
      {
        p: "If you are not satisfied, write to customer care. A refunded payment takes back the credits and benefits it bought.",
      },
      { h: "Right of withdrawal (14 days)" },
      {
        p: "You may withdraw from a purchase within 14 days of it, without giving a reason, with “withdraw from contract here” in the billing section of your [profile](/profile) or in the purchase's confirmation e-mail. You confirm in a second step, and we e-mail you at once an acknowledgement with the contract, the date and the time. We refund you within 14 days, to the payment method you used.",
      },
      {
        p: "At checkout you may ask for the service to start at once. For a VIP plan, if you then withdraw, we refund the price of the days of the period you have not used (a day begun counts as used). For a credit pack, asking for the credits at once means you acknowledge losing the right of withdrawal for the credits you use: if you withdraw, we refund the price of the credits you have not used (the pack's credits count as the last you use) and take them off your account. If you did not ask for the service to start at once, we refund the whole price.",
      },
      { h: "Closing your profile" },
      {
        p: "You can disable your profile at any time from its settings menu; a running VIP plan is cancelled with it; reactivation only through customer care. You can also delete your account from your profile: it stops at once and is erased 30 days later unless you log in before then (see the [privacy policy](/legal/privacy)).",
      },
      { h: "Changes and contact" },
      {
        p: "We will tell you by e-mail before a change of these terms that affects a paid plan. Questions: {email}, {tel}, or the [contact form](/contactUs).",
      },
    ],
  },
};
