import { useEffect, useRef } from 'react';
import type { PersonalizationValue } from './personalization-state';
import { PersonalizationPanel, type PersonalizationPanelProps } from './PersonalizationPanel';
import { usePersonalization } from './use-personalization';

export interface PersonalizationChooserProps extends Omit<PersonalizationPanelProps, 'controller'> {
  /** Called with { photoId, personalization } each time the result changes. */
  onChange?: (value: PersonalizationValue) => void;
}

/**
 * The chooser with its own state, for screens that only need the result. Screens whose flow
 * unmounts the panel (the Forge screen) keep usePersonalization() themselves instead.
 */
export function PersonalizationChooser({ onChange, ...props }: PersonalizationChooserProps) {
  const controller = usePersonalization();
  const callback = useRef(onChange);
  useEffect(() => {
    callback.current = onChange;
  }, [onChange]);
  useEffect(() => {
    callback.current?.(controller.value);
  }, [controller.value]);
  return <PersonalizationPanel controller={controller} {...props} />;
}
