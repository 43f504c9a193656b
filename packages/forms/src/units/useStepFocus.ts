import { useEffect, useRef } from 'react';

/**
 * Each new step of a stepper gets the focus on its title (give the ref to the title, with
 * tabIndex -1), so keyboard and screen-reader users start there; the first step shown keeps the
 * page's own focus.
 */
export function useStepFocus(step: number) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(step);
  useEffect(() => {
    if (step === firstStep.current) return;
    firstStep.current = -1;
    titleRef.current?.focus();
  }, [step]);
  return titleRef;
}
