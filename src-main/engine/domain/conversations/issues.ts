import type { ConversationInput } from '../../../../src-shared/contract/conversations.js';
import { normalise, tokens } from './tokens.js';

/** One problem a customer raised, before it is scored and clustered. */
export interface IssueDraft {
  title: string;
  /** The customer's sentences about this problem, in order. */
  sentences: string[];
  /** Stemmed content words of the title and sentences. */
  words: string[];
}

/** A sentence that starts one of these opens a new issue ("Also, the export…"). */
const NEW_TOPIC = /^(also|another (thing|issue|problem|question)|separately|unrelated(ly)?|one more thing|on another note|p\.?s\.?)\b[\s,:;-]*/i;

/** Something went wrong, or the customer asks: such a sentence is never chatter. */
const PROBLEM_SIGNAL =
  /\?|\b(error\w*|fail\w*|broken|bug\w*|crash\w*|can'?t|cannot|unable|doesn'?t|does not|don'?t|won'?t|isn'?t|not|no|wrong|missing|lost|slow\w*|stuck|how|where|why|time[sd]? ?out)\b/i;

/** Thanks, praise and greetings: a sentence with one of these and no problem signal says nothing to fix. */
const CHATTER =
  /\b(thanks?|thank you|great|perfect|love|awesome|nice|appreciate\w*|good job|cheers|hello|hi|hey|have a (good|great|nice)|all good|fixed it|just wanted to say)\b/i;

/** An issue needs at least this many content words to say what it is about. */
const MIN_WORDS = 2;
const TITLE_LENGTH = 100;

/**
 * The issues of a conversation: the customer's messages (role `user`), cut where a sentence opens
 * a new topic; a part that raises no problem (thanks, greetings) yields none. The first issue is
 * titled by the conversation's subject when it has one, the others by their first sentence.
 */
export function issuesOf(conversation: ConversationInput): IssueDraft[] {
  const sentences = conversation.parts
    .filter((part) => part.role === 'user')
    .flatMap((part) => sentencesOf(part.body))
    .filter((sentence) => !isChatter(sentence));
  const subject = conversation.subject?.trim();
  return segments(sentences)
    .map((segment, index) => draft(segment, index === 0 && subject ? subject : undefined))
    .filter((issue): issue is IssueDraft => issue !== undefined);
}

function sentencesOf(body: string): string[] {
  const text = body.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return text.split(/(?<=[.!?])\s+(?=\S)/).map((sentence) => sentence.trim()).filter(Boolean);
}

function segments(sentences: string[]): string[][] {
  const out: string[][] = [[]];
  for (const sentence of sentences) {
    const opensTopic = NEW_TOPIC.test(sentence) && out[out.length - 1]!.length > 0;
    if (opensTopic) out.push([]);
    out[out.length - 1]!.push(opensTopic ? capitalise(sentence.replace(NEW_TOPIC, '')) : sentence);
  }
  return out.filter((segment) => segment.length > 0);
}

function isChatter(sentence: string): boolean {
  const text = normalise(sentence);
  return CHATTER.test(text) && !PROBLEM_SIGNAL.test(text);
}

function draft(sentences: string[], subject: string | undefined): IssueDraft | undefined {
  const words = tokens(`${subject ?? ''} ${sentences.join(' ')}`);
  if (words.length < MIN_WORDS) return undefined;
  return { title: clip(subject ?? sentences[0]!), sentences, words };
}

function clip(text: string): string {
  if (text.length <= TITLE_LENGTH) return text;
  const cut = text.slice(0, TITLE_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${cut.slice(0, space > TITLE_LENGTH / 2 ? space : TITLE_LENGTH)}…`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
