/** The creator page's texts from spec part 2 sections 2.2, 5 and 8, in one place. */
export const CreatorMessages = {
  notFoundTitle: 'Trend not found',
  notFound: "The trend you're looking for doesn't exist or has been removed.",
  backToTrends: 'Back to Trends',
  trendLoadFailed: 'Failed to fetch trend',

  noPromptTitle: 'No prompt provided',
  noPrompt: 'Please enter a text prompt to generate an image',
  authTitle: 'Authentication Required',
  auth: 'Please sign in to generate images',
  generationFailedTitle: 'Generation failed',
  generationFailed: 'There was an error generating your image. Please try again.',
  /** A failed generation that gave no reason. */
  generationFailedFallback: 'Failed to generate image',

  promptNeededTitle: 'Prompt needed',
  promptNeeded: 'Please enter a prompt first to analyze virality potential.',

  promptRequiredTitle: 'Prompt required',
  promptRequired: 'Please enter a prompt first to get feedback',
  feedbackErrorTitle: 'Feedback error',
  chatErrorTitle: 'Chat error',
  chatErrorReply: "Sorry, I'm having trouble responding right now...",

  variationNeedsSubjectTitle: 'Step 1 first',
  variationNeedsSubject: 'Describe your idea in Step 1, then pick a variation.',
  variationFailedTitle: 'Generation failed',

  styleOptionsError: 'Error loading style options. Please try again.',
  traitsIdentifiedTitle: 'Traits identified',
} as const;
