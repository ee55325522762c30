{{- define "brokerbench.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 50 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 50 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "brokerbench.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "brokerbench.workerSelector" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: worker
{{- end -}}

{{- define "brokerbench.tokenSecret" -}}
{{- .Values.token.existingSecret | default (printf "%s-token" (include "brokerbench.fullname" .)) -}}
{{- end -}}

{{- define "brokerbench.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag }}
{{- end -}}

{{/* The workers' stable names, through the headless Service: worker-0.SERVICE.NAMESPACE.svc.DOMAIN, ... */}}
{{- define "brokerbench.workerHosts" -}}
{{- $fullname := include "brokerbench.fullname" . -}}
{{- $hosts := list -}}
{{- range $i := until (int .Values.workers.replicas) -}}
{{- $hosts = append $hosts (printf "%s-worker-%d.%s-workers.%s.svc.%s" $fullname $i $fullname $.Release.Namespace $.Values.clusterDomain) -}}
{{- end -}}
{{- join " " $hosts -}}
{{- end -}}
