import { Alert, Button, Stack, Text } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { FormCard } from "../../components/FormCard";
import { frameReader, visitIdOfCode } from "../../lib/qrScanner";

export const Route = createFileRoute("/dashboard/scan")({
  component: ScanPage,
});

type Problem = "camera" | "notTicket" | undefined;

/** Opens the phone's camera (the one facing away) and, once it reads a ticket's code, its visit. */
function ScanPage() {
  const { t } = useStaffTranslation();
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<Problem>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setProblem(undefined);
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: "environment" },
          audio: false,
        });
      } catch {
        if (!stopped) setProblem("camera");
        return;
      }
      if (stopped || !video.current) return stream.getTracks().forEach((track) => track.stop());
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      const read = await frameReader();
      // A few frames a second: enough to read a code held up, light on a phone's battery.
      const look = async () => {
        if (stopped || !video.current) return;
        const code = await read(video.current).catch(() => undefined);
        if (code !== undefined) {
          const visitId = visitIdOfCode(code);
          if (visitId !== undefined) {
            void navigate({
              to: "/dashboard/visits/$visitId",
              params: { visitId: String(visitId) },
            });
            return;
          }
          setProblem("notTicket");
        }
        timer = setTimeout(() => void look(), 200);
      };
      void look();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [attempt, navigate]);

  return (
    <FormCard title={t("scan.title")} size="sm">
      <Text>{t("scan.hint")}</Text>
      {problem === "camera" ? (
        <Alert color="red" role="alert" title={t("scan.noCamera")}>
          <Stack gap="xs" align="flex-start">
            {t("scan.noCameraBody")}
            <Button variant="default" onClick={() => setAttempt((n) => n + 1)}>
              {t("scan.tryAgain")}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {problem === "notTicket" ? (
        <Alert color="yellow" role="status">
          {t("scan.notTicket")}
        </Alert>
      ) : null}
      <video
        ref={video}
        muted
        playsInline
        aria-label={t("scan.camera")}
        style={{ width: "100%", borderRadius: 8, background: "#000" }}
      />
    </FormCard>
  );
}
