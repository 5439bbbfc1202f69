import OpenAI from 'openai';

/**
 * The reason a member sees for a failed generation, in the words of the spec's error catalogue
 * (part 2 section 8): the client picks its toast by these key phrases.
 */
export function failureReason(error: unknown): string {
  if (error instanceof OpenAI.APIError) {
    const code = String(error.code ?? '');
    if (error.status === 401 || code === 'invalid_api_key') return 'Invalid API key: the image service refused our API key';
    if (error.status === 429) return 'Rate limit reached: quota exceeded, please try again in a few minutes';
    if (code === 'content_policy_violation' || code === 'moderation_blocked' || /safety|policy/i.test(error.message)) {
      return 'Content policy: this prompt was blocked by moderation, please try a different prompt';
    }
  }
  if (error instanceof OpenAI.APIConnectionError) return 'Network error: connection to the image service failed';
  return "We're experiencing high demand. Please try again later.";
}
