import { useEffect } from 'react';
import styled from 'styled-components';
import type { DepotFindingCode } from '@portal/api-client';
import { Button, FilePicker, SelectField, Stack, TextAreaField } from '@portal/ui';
import { usePhotoUploads } from '../../../shared/usePhotoUploads';
import { TEXT_MAX, findingOptions, removesCover } from './findings';

export const Group = styled.fieldset`
  border: ${({ theme }) => `${theme.size.borderWidth} solid ${theme.colors.border}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  padding: ${({ theme }) => theme.space.md};
  margin: 0;
`;

export interface FindingDraft {
  key: string;
  code: DepotFindingCode;
  description: string;
  photos: string[];
  uploading: boolean;
}

interface Props {
  index: number;
  finding: FindingDraft;
  errors: (field: string) => string | undefined;
  onChange: (finding: FindingDraft) => void;
  /** The finding's photos as they finish uploading (stable across renders). */
  onPhotos: (key: string, photos: string[], uploading: boolean) => void;
  onRemove?: () => void;
}

/** One finding: what kind, what the technician saw, and its photos (uploaded as chosen). */
export function FindingEditor({ index, finding, errors, onChange, onPhotos, onRemove }: Props) {
  const photos = usePhotoUploads();
  const ids = photos.ids.join('\n');
  const { key } = finding;
  // The uploads live here; the form reads their ids from the finding it submits.
  useEffect(() => {
    onPhotos(key, ids ? ids.split('\n') : [], photos.busy);
  }, [onPhotos, key, ids, photos.busy]);

  const n = index + 1;
  return (
    <Group>
      <legend>Finding {n}</legend>
      <Stack>
        <SelectField
          label={`Finding ${n} kind`}
          // The step's first field, and a finding just added: where the keyboard continues.
          autoFocus
          options={findingOptions}
          value={finding.code}
          onChange={(code) => onChange({ ...finding, code: code as DepotFindingCode })}
          error={errors(`findings[${index}].code`)}
        />
        <TextAreaField
          label={`Finding ${n} description`}
          value={finding.description}
          maxLength={TEXT_MAX}
          onChange={(event) => onChange({ ...finding, description: event.target.value })}
          error={errors(`findings[${index}].description`)}
        />
        <FilePicker
          legend={`Finding ${n} photos`}
          chooseText="Add photos"
          help={removesCover(finding.code) ? 'At least 2 photos: this finding removes warranty cover' : 'Photos of what you found'}
          accept="image/*"
          multiple
          error={errors(`findings[${index}].photos`)}
          {...photos.pickerProps}
        />
        {onRemove ? (
          <div>
            <Button type="button" $variant="secondary" onClick={onRemove}>
              Remove finding {n}
            </Button>
          </div>
        ) : null}
      </Stack>
    </Group>
  );
}
