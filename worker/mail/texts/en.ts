// The transactional mails in English; the other languages say the same (keep them in step).
import type { MailTexts } from "../templates";

export const en: MailTexts = {
  common: {
    greeting: "Hello,",
    signoff: (v) => `The ${v.title} team`,
    fallbackLink: "If the button does not work, copy this link into your browser:",
    fictional: (v) => `The profiles on ${v.title} are fictional and run by operators.`,
    why: (v) => `You are receiving this service e-mail because this address was used on ${v.title}.`,
    vat: "VAT no.",
    support: "Support",
    colon: ":",
  },
  templates: {
    activation: {
      subject: (v) => `Confirm your e-mail address for ${v.title}`,
      heading: () => "Confirm your e-mail address",
      paragraphs: [
        (v) => `Thank you for signing up to ${v.title}.`,
        (v) => `To activate your account, please confirm that ${v.to} is your e-mail address.`,
      ],
      button: () => "Confirm my address",
      after: [
        (v) =>
          `If you did not sign up to ${v.title}, just ignore this e-mail: nothing happens without your confirmation.`,
      ],
    },
    reset_password: {
      subject: (v) => `Reset your ${v.title} password`,
      heading: () => "Choose a new password",
      paragraphs: [
        (v) => `We received a request to reset the password of your ${v.title} account.`,
        () =>
          "Use the button below to choose a new one. The link is valid for one hour and can be used only once.",
      ],
      button: () => "Choose a new password",
      after: [() => "If you did not ask for this, ignore this e-mail: your password will stay the same."],
    },
    welcome: {
      subject: (v) => `Welcome to ${v.title}`,
      heading: (v) => `Welcome to ${v.title}!`,
      paragraphs: [
        () => "Your account is ready.",
        () => "Browse the profiles, send your first messages and start chatting.",
      ],
      button: (v) => `Go to ${v.title}`,
      after: [],
    },
    refund: {
      subject: (v) => `Your ${v.title} payment has been refunded`,
      heading: () => "Your payment has been refunded",
      paragraphs: [
        (v) =>
          `We have refunded ${v.amount} for the ${v.plan} plan on ${v.title}. The amount goes back to the payment method you used; your bank may take a few days to show it.`,
        () =>
          "The credits of that purchase have been removed from your account, along with the plan’s benefits.",
      ],
      button: () => "See your receipts",
      after: [() => "If you have any question, write to our support team."],
    },
    renewed: {
      subject: (v) => `Your ${v.title} ${v.plan} plan has renewed`,
      heading: (v) => `${v.plan} plan renewed`,
      paragraphs: [
        (v) => `We charged ${v.amount} to your saved card and added the plan's credits to your account.`,
        (v) =>
          `The next renewal is on ${v.date}. You can unsubscribe at any time with one click on your profile.`,
      ],
      button: () => "Go to your profile",
      after: [],
    },
    renewal_failed: {
      subject: (v) => `${v.title}: we could not renew your ${v.plan} plan`,
      heading: () => "Renewal failed",
      paragraphs: [
        (v) => `Your saved card refused the ${v.amount} charge to renew your ${v.plan} plan.`,
        (v) =>
          `We will try again on ${v.date}; until then your plan stays active. If you do not want it to renew, unsubscribe with one click on your profile.`,
      ],
      button: () => "Go to your profile",
      after: [],
    },
    subscription_ended: {
      subject: (v) => `Your ${v.title} ${v.plan} plan has ended`,
      heading: (v) => `${v.plan} plan ended`,
      paragraphs: [
        () => "Your plan no longer renews and we will not charge you again. The credits you have stay yours.",
        () => "You can choose a new plan whenever you like.",
      ],
      button: () => "See the plans",
      after: [],
    },
    contact: {
      subject: (v) => `${v.title}: message from the contact form`,
      heading: () => "New message from the contact form",
      paragraphs: [(v) => `From: ${v.sender}`, (v) => `${v.message}`],
      button: () => "Reply",
      after: [],
    },
  },
};
