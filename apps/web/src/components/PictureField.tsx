import { Avatar, Button, Group, Input, List, Paper, Stack, Text } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useServerMessage } from "../hooks/useServerMessage";
import { IconPhotoUp } from "@tabler/icons-react";
import { imageContentTypes, maxUploadBytes } from "@vsi/api/schemas";
import { useEffect, useId, useRef, useState } from "react";
import { useDropzone, type FileRejection } from "react-dropzone";
import { directUpload } from "../lib/directUpload";
import classes from "./PictureField.module.css";

type UploadStatus = "pending" | "uploading" | "uploaded" | "failed";

interface UploadItem {
  file: File;
  previewUrl: string;
  status: UploadStatus;
}

const accept = Object.fromEntries(imageContentTypes.map((type) => [type, []]));

interface Props {
  /** The saved picture's address, if the user has one. */
  currentUrl: string | null;
  /** undefined: unchanged; null: remove the picture; a string: the signed id of a new upload. */
  onChange: (picture: string | null | undefined) => void;
  onUploadingChange: (uploading: boolean) => void;
  /** What the image is: a user's picture unless told (a location's logo). */
  label?: string;
  previewAlt?: string;
  description?: string;
}

/**
 * One photo, uploaded as soon as it is chosen (pending, uploading, uploaded). The
 * drop zone is disabled while a photo exists; Remove clears the picture value.
 */
export function PictureField({
  currentUrl,
  onChange,
  onUploadingChange,
  label,
  previewAlt,
  description,
}: Props) {
  const { t } = useStaffTranslation();
  const said = useServerMessage();
  const inputId = useId();
  const [item, setItem] = useState<UploadItem | null>(null);
  const [removed, setRemoved] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const upload = useRef<AbortController | null>(null);
  const savedUrl = removed ? null : currentUrl;
  const hasPhoto = item !== null || savedUrl !== null;

  // Preview URLs hold the file in memory until revoked.
  useEffect(() => () => (item ? URL.revokeObjectURL(item.previewUrl) : undefined), [item]);
  useEffect(() => () => upload.current?.abort(), []);

  async function start(file: File) {
    const controller = new AbortController();
    upload.current = controller;
    const previewUrl = URL.createObjectURL(file);
    setItem({ file, previewUrl, status: "pending" });
    onUploadingChange(true);
    const setStatus = (status: UploadStatus) =>
      setItem((current) => (current?.file === file ? { ...current, status } : current));
    try {
      setStatus("uploading");
      const signedId = await directUpload(file, controller.signal);
      setStatus("uploaded");
      onChange(signedId);
    } catch (error) {
      if (!controller.signal.aborted) {
        console.error(error);
        setStatus("failed");
      }
    } finally {
      if (upload.current === controller) upload.current = null;
      onUploadingChange(false);
    }
  }

  function onDrop(accepted: File[], rejections: FileRejection[]) {
    // react-dropzone's own messages ('File is larger than N bytes', ...) read as the API's do.
    setMessages([
      ...new Set(
        rejections.flatMap((rejection) => rejection.errors.map((error) => said(error.message))),
      ),
    ]);
    const [file] = accepted;
    if (file) void start(file);
  }

  function remove() {
    upload.current?.abort();
    setItem(null);
    setRemoved(true);
    setMessages([]);
    onChange(currentUrl ? null : undefined);
  }

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept,
    maxSize: maxUploadBytes,
    maxFiles: 1,
    multiple: false,
    disabled: hasPhoto,
    onDrop,
  });
  const previewUrl = item?.previewUrl ?? savedUrl;

  return (
    <Input.Wrapper
      label={label ?? t("picture.label")}
      description={description}
      labelProps={{ htmlFor: inputId }}
    >
      <Stack gap="xs" mt={4}>
        {previewUrl ? (
          <Group>
            <Avatar src={previewUrl} alt={previewAlt ?? t("picture.yours")} size={72} radius="md" />
            <Stack gap={4}>
              {item ? (
                <Text size="sm" role="status">
                  {item.file.name}: {t(`picture.status.${item.status}`)}
                </Text>
              ) : null}
              <div>
                <Button variant="default" size="sm" mih={44} onClick={remove}>
                  {t("picture.remove")}
                </Button>
              </div>
            </Stack>
          </Group>
        ) : null}
        <Paper
          {...getRootProps({
            className: classes.zone,
            "aria-label": t("picture.choose"),
            "aria-disabled": hasPhoto,
            "aria-describedby": `${inputId}-hint`,
          })}
          withBorder
          p="md"
          data-active={isDragActive || undefined}
          data-disabled={hasPhoto || undefined}
        >
          <input {...getInputProps({ id: inputId })} />
          <Group gap="sm" wrap="nowrap">
            <IconPhotoUp aria-hidden="true" />
            <Text size="sm" id={`${inputId}-hint`}>
              {hasPhoto ? t("picture.removeFirst") : t("picture.drop")}
            </Text>
          </Group>
        </Paper>
        {messages.length > 0 ? (
          <List c="red" size="sm" role="alert">
            {messages.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}
