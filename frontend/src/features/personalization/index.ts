export { PersonalizationPanel, type PersonalizationPanelProps } from './PersonalizationPanel';
export { PersonalizationChooser, type PersonalizationChooserProps } from './PersonalizationChooser';
export { usePersonalization, PHOTO_POLL_INTERVAL_MS, type PersonalizationController } from './use-personalization';
export {
  EMPTY_PERSONALIZATION,
  personalizationValue,
  type PersonalizationMode,
  type PersonalizationState,
  type PersonalizationValue,
} from './personalization-state';
