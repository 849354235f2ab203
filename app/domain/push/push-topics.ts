/**
 * What a reader's browser may follow with web push alerts (decision record 017), and the texts of the opt-in
 * buttons. Shared by the server and the reader script (no server code here).
 */
export const BREAKING_TOPIC = "breaking";

/**
 * Breaking news of an edition other than the main one (decision record 022, point 11): `breaking` keeps
 * meaning the main edition's, so subscriptions made before editions keep their meaning.
 */
export const breakingTopic = (language: string, mainTag: string) =>
  language === mainTag ? BREAKING_TOPIC : `breaking:${language}`;

const EDITION_BREAKING_TOPIC = /^breaking:[a-z]{2,3}(-[a-z0-9]{2,8})*$/;

/** A live story's own alerts: its updates an editor marks as alerts. */
export const storyTopic = (articleId: string) => `story:${articleId}`;

const STORY_TOPIC = /^story:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The story a topic names, or null (for `breaking`, or anything else). */
export const storyOfTopic = (topic: string) => STORY_TOPIC.exec(topic)?.[1] ?? null;

export const isTopic = (topic: string) =>
  topic === BREAKING_TOPIC || EDITION_BREAKING_TOPIC.test(topic) || storyOfTopic(topic) !== null;

export const PUSH_TEXT = {
  breakingOn: "Get breaking news alerts",
  breakingOff: "Stop breaking news alerts",
  storyOn: "Alert me about this story",
  storyOff: "Stop alerts about this story",
  subscribed: "Alerts are on. You can turn them off here at any time.",
  unsubscribed: "Alerts are off.",
  denied: "Your browser blocks notifications from this site. Allow them in its settings to get alerts.",
  failed: "Alerts could not be turned on. Please try again.",
  breakingTitle: "Breaking News",
} as const;
