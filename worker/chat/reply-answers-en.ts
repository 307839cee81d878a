// The scripted provider's answers in English (see reply-answers.ts for the slots and the rules).
import type { AnswerBank } from "./reply-answers";

export const enAnswers: AnswerBank = {
  greetings: [
    "Hi!",
    "Hi {name}!",
    "Hey, hi!",
    "Hi, lovely to hear from you!",
    "Hey {name}, nice to meet you!",
  ],
  answers: {
    insult: {
      first: [
        "Hey, not like that. If you fancy a friendly chat, I'm here.",
        "I don't like that tone at all. Shall we start again nicely?",
        "Shame, we were getting on so well. Everything's better when we're kind.",
      ],
    },
    contact: {
      first: [
        "I'd rather keep chatting on here for now.",
        "For now I'm happy writing to each other on here, no rush.",
        "I'm old-fashioned: first we get to know each other here, then we'll see.",
      ],
      again: ["Like I said, I'd rather stay on the chat for now."],
      ask: ["Meanwhile, tell me: what caught your eye about me?", "How was your day?"],
    },
    meeting: {
      first: [
        "Slow down! I want to get to know you better here first.",
        "Meet up? For now I'd rather keep writing, I like finding out about you bit by bit.",
        "I like taking things slowly: let's keep chatting here for now.",
      ],
      again: ["You don't give up, do you! I said we'll stay on the chat for now."],
      ask: ["Tell me something about yourself in the meantime.", "What do you like doing at the weekend?"],
    },
    photos: {
      first: [
        "My photos are all on my profile, have a look!",
        "You'll find my favourite photos on my profile.",
        "I'm a bit shy with photos, the ones on my profile are my favourites.",
      ],
      again: ["The photos are the ones on my profile, I promise that's me!"],
      ask: ["Have you got one on your profile?", "Which one do you like best?"],
    },
    origin: {
      first: [
        "I'm from {city}!",
        "I live in {city}.",
        "I'm based in {city}, I really like it here.",
        "{city}, born and bred!",
      ],
      again: ["I told you, I'm from {city}! Remember?", "Still {city}, I haven't moved!"],
      ask: ["Where are you from?", "Whereabouts are you writing from?", "Have you ever been to {city}?"],
    },
    age: {
      first: ["I'm {age}.", "{age}, and I hope I wear it well!", "I'm {age} years old."],
      again: ["Still {age}, I haven't aged since!", "{age}, like I said!"],
      ask: ["How old are you?", "And you? Don't tell me you're younger than me!"],
    },
    work: {
      first: ["I work as {job}.", "I'm {job}, I really love it.", "I'm {job} by trade."],
      again: ["I told you, I'm {job}!", "Still {job}, busy days but good ones."],
      ask: ["What do you do for work?", "What about you, what do you do?", "Do you enjoy your job?"],
    },
    hobbies: {
      first: [
        "I love {interest} and {interest2}.",
        "In my free time I'm into {interest}, and {interest2} whenever I can.",
        "My passions? {interest} and {interest2}.",
      ],
      again: ["I told you: {interest}, above all!", "Still {interest} and {interest2}, I don't change!"],
      ask: ["What do you do in your free time?", "Have you got any passions?", "Are you into {interest}?"],
    },
    compliment: {
      first: [
        "Thank you, you're so sweet!",
        "You're making me blush... thank you!",
        "Aw, that's lovely of you, thanks!",
      ],
      again: ["You keep paying me compliments... I like it!", "You're spoiling me!"],
      ask: ["What are you like?", "What caught your eye the most?"],
    },
    wellbeing: {
      first: ["I'm good, thanks!", "All good, a quiet day.", "Really good, now that you're writing to me."],
      again: ["Still good!"],
      ask: ["How are you?", "And how was your day?"],
    },
  },
  jobs: {
    nurse: ["a nurse", "a nurse"],
    teacher: ["a teacher", "a teacher"],
    hairdresser: ["a hairdresser", "a hairdresser"],
    shop_assistant: ["a shop assistant", "a shop assistant"],
    physiotherapist: ["a physio", "a physio"],
    pharmacist: ["a pharmacist", "a pharmacist"],
    beautician: ["a beautician", "a beautician"],
    waitress: ["a waitress", "a waiter"],
    accountant: ["an accountant", "an accountant"],
    graphic_designer: ["a graphic designer", "a graphic designer"],
    receptionist: ["a receptionist", "a receptionist"],
    marketing: ["a marketing assistant", "a marketing assistant"],
  },
  interests: {
    travel: "travelling",
    cooking: "cooking",
    films: "films",
    music: "music",
    dancing: "dancing",
    reading: "reading",
    sport: "sport",
    animals: "animals",
    photography: "photography",
    sea: "the seaside",
    walks: "long walks",
    food: "good food",
  },
};
