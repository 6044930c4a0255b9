import { ActionIcon, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import { MAX_INCLUDED_ITEMS } from '@ps/contracts';
import { useTranslation } from 'react-i18next';
import { IconPlus, IconTrash } from '../../components/icons';

/**
 * What a package includes, as a list: one text box per item, a remove button beside each (named after its
 * item) and "Add item" below, up to the contract's 20 items. Errors show beside the item they are about.
 */
export function IncludedItems({
  value,
  onChange,
  itemErrors,
  listError,
}: {
  value: string[];
  onChange: (items: string[]) => void;
  itemErrors: Array<string | undefined>;
  listError: string | undefined;
}) {
  const { t } = useTranslation();
  const set = (index: number, text: string) => onChange(value.map((item, at) => (at === index ? text : item)));
  return (
    <Input.Wrapper label={t('packages.fields.included')} description={t('packages.form.includedHint')} error={listError}>
      <Stack gap="xs" mt={6}>
        {value.map((item, index) => {
          const label = t('packages.form.item', { number: index + 1 });
          return (
            <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
              <TextInput
                aria-label={label}
                placeholder={t('packages.form.itemPlaceholder')}
                value={item}
                maxLength={100}
                onChange={(event) => set(index, event.currentTarget.value)}
                error={itemErrors[index]}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                color="red.8"
                size="lg"
                mt={2}
                aria-label={t('packages.form.removeItem', { item: item.trim() || label })}
                onClick={() => onChange(value.filter((_, at) => at !== index))}
              >
                <IconTrash size={20} aria-hidden />
              </ActionIcon>
            </Group>
          );
        })}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={value.length >= MAX_INCLUDED_ITEMS}
            onClick={() => onChange([...value, ''])}
          >
            {t('packages.form.addItem')}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
